// The regexes of watch_scans, matched against SyncMetadata values from the graph on every cron
// tick. They run on RE2JS (a port of RE2), which matches in time linear in the input: no
// backtracking, so no pattern can take exponential time (ReDoS). The dialect is RE2's, which is
// Python re's (upstream Seizu's engine) without backreferences, lookaround, atomic groups or
// possessive quantifiers; a pattern using those is refused when the workflow is saved. A
// pattern matches a value whole, as Python's re.fullmatch does.
import { RE2JS, RE2JSException, RE2JSSyntaxException } from "re2js";

/** Characters of one pattern: a long alternation of account ids fits. */
export const PATTERN_MAX_LENGTH = 1000;
/**
 * Instructions of a compiled pattern. Matching costs up to (program size × value length) steps,
 * so this bounds the cost of one value; `(?:[a-z]{0,10}){0,100}` and other large counted
 * repetitions are over it, an alternation of a hundred account ids is not.
 */
export const PATTERN_MAX_PROGRAM = 1000;

export type PatternProblem = { rule: "invalid_format"; message: string } | { rule: "too_big"; maximum: number; message: string };

export type CompiledPattern = { ok: true; regex: RE2JS } | { ok: false; problem: PatternProblem };

export function compilePattern(source: string): CompiledPattern {
  if (source.length > PATTERN_MAX_LENGTH)
    return { ok: false, problem: { rule: "too_big", maximum: PATTERN_MAX_LENGTH, message: `must be at most ${PATTERN_MAX_LENGTH} characters` } };
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(source);
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    const reason = error instanceof RE2JSSyntaxException ? `${error.getDescription()}: \`${error.getPattern()}\`` : error.message;
    return {
      ok: false,
      problem: {
        rule: "invalid_format",
        message: `is not a supported regular expression (${reason}); patterns use RE2 syntax: no backreferences, lookahead or lookbehind`,
      },
    };
  }
  const size = regex.programSize();
  if (size > PATTERN_MAX_PROGRAM)
    return {
      ok: false,
      problem: {
        rule: "too_big",
        maximum: PATTERN_MAX_PROGRAM,
        message: `is too complex: it compiles to ${size} instructions, more than ${PATTERN_MAX_PROGRAM}; use fewer or smaller {n,m} repetitions`,
      },
    };
  return { ok: true, regex };
}
