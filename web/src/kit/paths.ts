// Where the items of a versioned resource are. The Worker gives every versioned resource one
// route shape (worker/operations/generators/versioned-operations.ts): the collection, an item at
// {collection}/{id}, the item's history under it. The UI's pages sit at the paths of what they
// show (/toolsets/x shows GET /api/v1/toolsets/x), so one path names an item on both.
export const itemPath = (collection: string, id: string) => `${collection}/${encodeURIComponent(id)}`;

/** The history page of the item at `item`. */
export const historyHref = (item: string) => `${item}/history`;
