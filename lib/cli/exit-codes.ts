/** The CLI's exit codes (README, "The CLI"): scripts branch on these, so they never change meaning. */
export const EXIT = {
  ok: 0,
  /** the API answered with an error, or could not be reached */
  apiError: 1,
  /** the command line was wrong: unknown command or flag, a missing argument */
  usage: 2,
  /** no credential, or the server refused it: run `ludex login` */
  loginNeeded: 3,
  /** the workspace's monthly credits are spent (QUOTA_EXCEEDED) */
  quota: 4,
} as const;

/** An ending the CLI chose: the message goes to stderr and the process exits with the code. */
export class CliExit extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
