// Tables owned by the checkout module.
export interface CheckoutTables {}
