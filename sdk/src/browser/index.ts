// @store-integration/client/browser: the rules partner websites follow, with no key and no network,
// safe in a browser bundle. Everything that needs the integration key is in the main entry.
export { Cart, type CartEntry, type CartEntryInput, type CartEntryKey, type CartItemType } from './cart.js';
export { isValidPhone, listBookables, listServices, orderStatusLabel, toRawItemId, visibleGallery } from './rules.js';
