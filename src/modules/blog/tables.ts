// Tables owned by the blog module.
export interface BlogTables {}
