// The client's version, sent in the x-store-client header. A test keeps it equal to package.json's.
export const VERSION = '1.0.0';
