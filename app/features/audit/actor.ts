/**
 * Who did something staff do, as records and the audit log name them: the
 * signed-in member of staff, with the address their request came from when
 * it is known. The id is null only for work done without an account (an
 * operator command, a test's fixture).
 */
export interface Actor {
  id: string | null;
  email: string;
  ip?: string | null;
}
