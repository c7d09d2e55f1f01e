// An activity that could not do its work: a receiver refused it, a row lacks the attribute to
// send, a setting or secret is missing. The message names the cause and is what the run records;
// anything else thrown by an activity is a fault of ours or of the platform.
export class ActivityError extends Error {
  override name = "ActivityError";
}
