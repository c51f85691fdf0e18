/** The signed-in user behind a request, as domain code receives it. */
export interface Actor {
  userId: string
  email: string
  fullName: string
  /** The refresh-token family (sign-in session) the access token was issued for. */
  sessionId: string
}
