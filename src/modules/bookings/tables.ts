// Tables owned by the bookings module.
export interface BookingTables {}
