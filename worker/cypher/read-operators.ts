// The plan operators a read-only query may contain, as Neo4j 5.26 names them (runtime suffix
// "@neo4j" already stripped by decodePlan; the parenthesised mode is part of the name).
//
// How the list was established. The Query API does not refuse EXPLAIN of a write in READ access
// mode and reports no query type, so the plan's operators are the signal. On a Neo4j 5.26
// Community server with APOC core, a graph of people, movies and places, and range, unique,
// text, point, full-text and vector indexes on nodes and relationships, we ran EXPLAIN (READ mode)
// on 333 read queries: label, index, id and element-id scans and seeks on nodes and
// relationships (equality, range, prefix, suffix, contains, IS NOT NULL), every expand form,
// var-length and quantified paths (with and without DISTINCT, which brings in pruning and
// trails), shortestPath, allShortestPaths and SHORTEST/ANY/ALL SHORTEST, OPTIONAL MATCH,
// aggregations (plain, ordered, count store), ORDER BY/LIMIT/SKIP (sort, top, partial sort and
// top), DISTINCT, UNION and UNION ALL, OR predicates, join hints, CALL subqueries (correlated,
// uncorrelated, OPTIONAL CALL, unions inside), EXISTS/COUNT/COLLECT subqueries, pattern and list
// comprehensions, UNWIND, FINISH and read procedures. Every operator those plans used is below,
// exactly as named; nothing else.
//
// What writes, schema and admin statements plan to under EXPLAIN in READ mode on this server
// (all absent from the list): Create (CREATE, INSERT), Merge, LockingMerge,
// NodeUniqueIndexSeek(Locking), Delete (DELETE, NODETACH DELETE), DetachDelete, SetProperty
// (SET n.x, REMOVE n.x), SetProperties, SetNodePropertiesFromMap,
// SetRelationshipPropertiesFromMap, SetDynamicProperty, SetLabels, RemoveLabels, Foreach,
// SubqueryForeach (CALL { write }), TransactionForeach and TransactionApply (IN TRANSACTIONS, even
// for a read subquery), Eager (alongside writes), LoadCSV, CreateIndex, DropIndex,
// CreateConstraint, DropConstraint, DoNothingIfExists(INDEX), ShowIndexes, ShowConstraints,
// ShowProcedures, ShowFunctions, ShowTransactions, ShowSettings, TerminateTransactions, and
// AdministrationCommand (SHOW USERS, CREATE USER, ALTER USER, ...). Other admin commands (GRANT,
// CREATE ROLE/DATABASE/ALIAS, START/STOP DATABASE) fail EXPLAIN with
// UnsupportedAdministrationCommand on Community; USE system with a query clause fails with a
// semantic error. USE neo4j and CALL { USE neo4j ... } plan like the query without USE: only the
// scan sees them.
//
// ProcedureCall is not listed: it is allowed only when its procedure is (see plan-check.ts).
// EmptyResult ends plans without RETURN: FINISH, VOID procedures, and writes, whose write
// operators are refused on their own.
export const READ_OPERATORS: ReadonlySet<string> = new Set([
  "ProduceResults",
  "EmptyResult",
  "EmptyRow",
  "Argument",
  // Node scans and seeks.
  "AllNodesScan",
  "NodeByLabelScan",
  "UnionNodeByLabelsScan",
  "IntersectionNodeByLabelsScan",
  "SubtractionNodeByLabelsScan",
  "NodeByIdSeek",
  "NodeByElementIdSeek",
  "NodeIndexScan",
  "NodeIndexSeek",
  "NodeIndexSeekByRange",
  "NodeIndexContainsScan",
  "NodeIndexEndsWithScan",
  "NodeUniqueIndexSeek",
  "NodeUniqueIndexSeekByRange",
  "NodeCountFromCountStore",
  // Relationship scans and seeks.
  "DirectedAllRelationshipsScan",
  "UndirectedAllRelationshipsScan",
  "DirectedRelationshipTypeScan",
  "UndirectedRelationshipTypeScan",
  "DirectedRelationshipByIdSeek",
  "UndirectedRelationshipByIdSeek",
  "DirectedRelationshipByElementIdSeek",
  "UndirectedRelationshipByElementIdSeek",
  "DirectedRelationshipIndexScan",
  "UndirectedRelationshipIndexScan",
  "DirectedRelationshipIndexSeek",
  "UndirectedRelationshipIndexSeek",
  "DirectedRelationshipIndexSeekByRange",
  "UndirectedRelationshipIndexSeekByRange",
  "DirectedRelationshipIndexEndsWithScan",
  "UndirectedRelationshipIndexEndsWithScan",
  "UndirectedRelationshipIndexContainsScan",
  "RelationshipCountFromCountStore",
  // Traversals.
  "Expand(All)",
  "Expand(Into)",
  "OptionalExpand(All)",
  "OptionalExpand(Into)",
  "VarLengthExpand(All)",
  "VarLengthExpand(Into)",
  "VarLengthExpand(Pruning)",
  "VarLengthExpand(Pruning,BFS,All)",
  "Repeat(Trail)",
  "ShortestPath",
  "StatefulShortestPath(All)",
  "StatefulShortestPath(Into)",
  "ProjectEndpoints",
  "TriadicSelection",
  // Rows: filters, projections, ordering, paging, aggregation.
  "Filter",
  "Projection",
  "CacheProperties",
  "Unwind",
  "Distinct",
  "OrderedDistinct",
  "Sort",
  "PartialSort",
  "Top",
  "PartialTop",
  "Limit",
  "Skip",
  "EagerAggregation",
  "OrderedAggregation",
  // Combining rows and subqueries.
  "Apply",
  "SemiApply",
  "AntiSemiApply",
  "LetSemiApply",
  "RollUpApply",
  "Optional",
  "CartesianProduct",
  "NodeHashJoin",
  "ValueHashJoin",
  "Union",
]);
