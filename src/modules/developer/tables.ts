// Tables owned by the developer module.
export interface DeveloperTables {}
