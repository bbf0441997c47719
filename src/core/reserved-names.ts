/**
 * The names every JavaScript object already answers to (the members of Object.prototype,
 * written out so that the rule does not move with the runtime). A user-chosen id that
 * becomes a key of a DIFF snapshot (a username under trade.<key>, an order id under
 * orders.<id>, a chart id) must not be one of them: tqsdk-js merges each patch with
 * `target[key] = target[key] || {}` and then writes into it, so under such a key it would
 * write the order's fields into Object.prototype or the Object function of the client's
 * process instead of into an entry of its own.
 */
const OBJECT_MEMBER_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
]);

const IN_LOWER_CASE: ReadonlySet<string> = new Set([...OBJECT_MEMBER_NAMES].map((name) => name.toLowerCase()));

/**
 * '' when `id` may name something of a user's, else why not (`what` names the field).
 * `anyCase`: for usernames, which log in in any letter case and appear under trade.<key>
 * as the client typed them (registered as "Constructor", logged in as "constructor").
 */
export function reservedNameProblem(what: string, id: string, anyCase = false): string {
  if (anyCase ? !IN_LOWER_CASE.has(id.toLowerCase()) : !OBJECT_MEMBER_NAMES.has(id)) return '';
  return `${what} ${JSON.stringify(id)} is${anyCase && !OBJECT_MEMBER_NAMES.has(id) ? ', in some letter case,' : ''} a name every JavaScript object already has, which DIFF clients would take for their own; choose another`;
}
