import type { FieldErrors, FieldValues } from 'react-hook-form'

/**
 * The one message a form shows above its button (sign in, sign up, reset password): the first field's
 * message, else the server's (`setError('root', …)`).
 */
export function formProblem<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  for (const [name, error] of Object.entries(errors)) {
    if (name !== 'root' && typeof error?.message === 'string' && error.message) return error.message
  }
  return errors.root?.message
}
