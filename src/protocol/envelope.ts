/** The envelope every HTTP response uses (spec, general rule 1). */
export interface SuccessEnvelope<T> {
  readonly success: true;
  readonly data: T;
  readonly error: null;
}

export interface FailureEnvelope {
  readonly success: false;
  readonly data: null;
  readonly error: { readonly code: number; readonly message: string };
}

export function ok<T>(data: T): SuccessEnvelope<T> {
  return { success: true, data, error: null };
}

export function failure(code: number, message: string): FailureEnvelope {
  return { success: false, data: null, error: { code, message } };
}
