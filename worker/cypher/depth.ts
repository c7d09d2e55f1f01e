// How deeply a statement nests, judged on its tokens before Neo4j sees it.
//
// Neo4j's Cypher front end recurses: its parser once per bracket, CASE and unary operator, its
// semantic analysis and rewriting once per level of the syntax tree. A deep enough statement
// overflows the stack of the server thread that plans it, and that thread never answers: the
// request hangs until the client gives up, and a dozen such requests in parallel left Neo4j 5.26
// answering nothing, not even `RETURN 1`, for more than a minute. A few kilobytes suffice, far
// inside the statement length limit. Measured on the server (warm JVM; a cold one fails sooner):
// 350 nested parentheses, 1,000 NOTs, a chain of 1,000 `+`, 500 property accesses, 500 UNIONs.
//
// Two limits refuse such statements here, well below those figures:
//   - nesting (MAX_NESTING): brackets ( [ {, CASE … END and unary operators (NOT, -, +) inside
//     one another, as deep as the parser recurses;
//   - depth (MAX_DEPTH): the syntax tree's depth, estimated per expression by operator precedence
//     (a chain of n `+` is n levels, `a.x = 1 AND b.y = 2` is 3), plus the brackets around it, plus
//     the UNIONs of its query. Pattern links count as operators, which overestimates long paths.
// Only keywords that end an expression in Cypher's grammar (clauses, AS, WHEN, ...) end one here;
// any other keyword is read as an operand, so `COUNT { … }` cannot cut a chain in two. Brackets
// that never close still count. One left-to-right pass with explicit stacks: the check itself
// cannot overflow a stack.
import type { CypherRule } from "./issue";
import type { Token } from "./lexer";
import { isKeyword, isPunctuation } from "./tokens";

export const MAX_NESTING = 32;
export const MAX_DEPTH = 200;

type Report = (rule: CypherRule, message: string, at: Token) => void;

/** Binding strength of binary operators (higher binds tighter), as in Cypher 5's grammar. */
const BINARY: Record<string, number> = {
  OR: 1,
  XOR: 2,
  AND: 3,
  "=": 5,
  "<>": 5,
  "!=": 5,
  "<": 5,
  ">": 5,
  "<=": 5,
  ">=": 5,
  "=~": 6,
  STARTS: 6,
  ENDS: 6,
  CONTAINS: 6,
  IN: 6,
  IS: 6,
  "+": 7,
  "-": 7,
  "||": 7,
  "*": 8,
  "/": 8,
  "%": 8,
  "^": 9,
  "..": 9,
  "&": 9,
  "!": 9,
  "+=": 9,
  ":": 11,
  "::": 11,
  ".": 11,
};
const NOT_PRECEDENCE = 4;
const SIGN_PRECEDENCE = 10;

/** Keywords that end an expression: clauses and their parts. */
const EXPRESSION_ENDS = new Set([
  "MATCH",
  "OPTIONAL",
  "WHERE",
  "WITH",
  "RETURN",
  "UNWIND",
  "CALL",
  "YIELD",
  "ORDER",
  "BY",
  "SKIP",
  "OFFSET",
  "LIMIT",
  "AS",
  "ASC",
  "ASCENDING",
  "DESC",
  "DESCENDING",
  "WHEN",
  "THEN",
  "ELSE",
  "CREATE",
  "MERGE",
  "ON",
  "SET",
  "DELETE",
  "DETACH",
  "NODETACH",
  "REMOVE",
  "FOREACH",
  "LOAD",
  "USE",
  "FINISH",
  "CYPHER",
  "EXPLAIN",
  "PROFILE",
]);

const CLOSER_OF: Record<string, string> = { "(": ")", "[": "]", "{": "}" };

interface Operator {
  precedence: number;
  unary: boolean;
}

/** One bracket or CASE, and the expression being read inside it. */
interface Level {
  closer: string;
  /** Whether it continues the operand before it (a call, an index, a map projection). */
  postfix: boolean;
  opener: Token | undefined;
  /** Brackets, CASEs and unary operators around (and including) this level. */
  nesting: number;
  /** Depth of the deepest expression of this level read so far. */
  deepest: number;
  /** Shunting-yard stacks of the current expression: the depths of its operands, its pending operators. */
  operands: number[];
  operators: Operator[];
  /** Unary operators among `operators`, whose operand is still being read. */
  openUnary: number;
  /** UNIONs so far: each nests the whole query one level deeper. */
  unions: number;
  /** The current expression's first token, to point at. */
  start: Token | undefined;
}

function newLevel(closer: string, opener: Token | undefined, nesting: number, postfix: boolean): Level {
  return { closer, opener, postfix, nesting, deepest: 0, operands: [], operators: [], openUnary: 0, unions: 0, start: undefined };
}

/** Applies the top operator to its operands: the result sits one level above the deeper of them. */
function reduce(level: Level): void {
  const operator = level.operators.pop()!;
  if (operator.unary) level.openUnary -= 1;
  const right = level.operands.pop() ?? 0;
  const left = operator.unary ? 0 : (level.operands.pop() ?? 0);
  level.operands.push(Math.max(left, right) + 1);
}

/** Ends the current expression of a level and returns its depth. */
function endExpression(level: Level): number {
  while (level.operators.length > 0) reduce(level);
  const depth = level.operands.reduce((deepest, operand) => Math.max(deepest, operand), 0);
  level.deepest = Math.max(level.deepest, depth);
  level.operands = [];
  level.start = undefined;
  return depth;
}

function pushOperator(level: Level, operator: Operator, at: Token): void {
  level.start ??= at;
  if (!operator.unary) while (level.operators.length > 0 && level.operators.at(-1)!.precedence >= operator.precedence) reduce(level);
  if (operator.unary) level.openUnary += 1;
  level.operators.push(operator);
}

function pushOperand(level: Level, depth: number, at: Token): void {
  level.start ??= at;
  level.operands.push(depth);
}

export function checkDepth(tokens: Token[], starts: boolean[], report: Report): void {
  const root = newLevel("", undefined, 0, false);
  const levels: Level[] = [root];
  let nestingReported = false;
  let depthReported = false;
  /** Whether the previous token ended an operand: a bracket then continues it, a sign is binary. */
  let operandEnded = false;

  const refuseNesting = (nesting: number, at: Token) => {
    if (nesting <= MAX_NESTING || nestingReported) return;
    nestingReported = true;
    report(
      "nesting_too_deep",
      `Brackets, CASE expressions and unary operators (NOT, -, +) nest more than ${MAX_NESTING} deep here; Neo4j's parser fails on deeply nested statements, so at most ${MAX_NESTING} levels are allowed`,
      at,
    );
  };

  const open = (closer: string, at: Token) => {
    const level = levels.at(-1)!;
    const nesting = level.nesting + level.openUnary + 1;
    refuseNesting(nesting, at);
    levels.push(newLevel(closer, at, nesting, operandEnded && closer !== "END"));
    operandEnded = false;
  };

  const close = () => {
    const level = levels.pop()!;
    endExpression(level);
    const parent = levels.at(-1)!;
    const depth = level.deepest + level.unions + 1;
    if (level.postfix) parent.operands.push(Math.max(parent.operands.pop() ?? 0, depth) + 1);
    else pushOperand(parent, depth, level.opener!);
    operandEnded = true;
  };

  /** Ends the statement's current top-level expression, and refuses it when its tree is too deep. */
  const endTopLevel = () => {
    const start = root.start;
    const depth = endExpression(root) + root.unions;
    if (depth <= MAX_DEPTH || depthReported || !start) return;
    depthReported = true;
    report(
      "expression_too_deep",
      `The statement's syntax tree is about ${depth} levels deep from here (each bracket, CASE, UNION and each operator of a chain such as a + b + c or a.b.c adds a level); Neo4j fails on statements nested too deep, so at most ${MAX_DEPTH} levels are allowed`,
      start,
    );
  };

  const endExpressionOf = (level: Level) => {
    if (level === root) endTopLevel();
    else endExpression(level);
  };

  const unary = (at: Token, precedence: number) => {
    const level = levels.at(-1)!;
    refuseNesting(level.nesting + level.openUnary + 1, at);
    pushOperator(level, { precedence, unary: true }, at);
    operandEnded = false;
  };

  tokens.forEach((token, index) => {
    const level = levels.at(-1)!;
    const afterDot = isPunctuation(tokens[index - 1], ".", ":", "::");
    const keyword = token.kind === "keyword" && !afterDot ? token.value : undefined;

    const opensCase = keyword === "CASE" && !isPunctuation(tokens[index + 1], ",", ")", "]", "}", ".", ":") && !isKeyword(tokens[index + 1], "AS");
    const closesLevel = levels.length > 1 && ((token.kind === "punctuation" && token.value === level.closer) || (keyword === "END" && level.closer === "END"));
    // Where an operand is expected, a keyword is one (`in + in` adds two names), and a clause
    // keyword cannot end the expression early: `1 + NOT where(1) + 1` is one chain to Neo4j.
    const expectsOperand = !operandEnded && (level.operands.length > 0 || level.operators.length > 0);
    if (token.kind === "punctuation" && Object.hasOwn(CLOSER_OF, token.value)) {
      open(CLOSER_OF[token.value]!, token);
    } else if (opensCase) {
      open("END", token);
    } else if (closesLevel) {
      close();
    } else if (keyword === "NOT" && !operandEnded) {
      unary(token, NOT_PRECEDENCE);
    } else if (keyword === "WITH" && isKeyword(tokens[index - 1], "STARTS", "ENDS")) {
      operandEnded = false;
    } else if (keyword !== undefined && operandEnded && Object.hasOwn(BINARY, keyword)) {
      pushOperator(level, { precedence: BINARY[keyword]!, unary: false }, token);
      operandEnded = false;
    } else if (keyword !== undefined && !expectsOperand && starts[index] && (keyword === "UNION" || EXPRESSION_ENDS.has(keyword))) {
      endExpressionOf(level);
      if (keyword === "UNION") level.unions += 1;
      operandEnded = false;
    } else if (isPunctuation(token, ",", ";", "|")) {
      endExpressionOf(level);
      operandEnded = false;
    } else if (isPunctuation(token, "-", "+") && !operandEnded) {
      unary(token, SIGN_PRECEDENCE);
    } else if (token.kind === "punctuation" && Object.hasOwn(BINARY, token.value)) {
      pushOperator(level, { precedence: BINARY[token.value]!, unary: false }, token);
      operandEnded = false;
    } else if (token.kind !== "punctuation") {
      pushOperand(level, 1, token);
      operandEnded = true;
    }
  });

  while (levels.length > 1) close();
  endTopLevel();
}
