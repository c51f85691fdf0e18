// /auth (SPEC section 2): sign in and sign up tabs; also where Google sends the browser back with ?code.
import { Spinner, Tabs } from '@shopify/polaris'
import { useEffect, useRef, useState } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { useApi } from '../../api/api-context.tsx'
import { AuthScreen } from '../../features/auth/auth-screen.tsx'
import { ContinueWithGoogle } from '../../features/auth/continue-with-google.tsx'
import { NoEmailNoticeIfNone } from '../../features/auth/email-setup-notice.tsx'
import { finishGoogleSignIn } from '../../features/auth/google-sign-in.ts'
import { SignInForm } from '../../features/auth/sign-in-form.tsx'
import { SignUpForm } from '../../features/auth/sign-up-form.tsx'
import { useToast } from '../../feedback/toast-context.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import { useSession } from '../../session/session-context.tsx'

const TABS = [
  { id: 'signin', content: 'Sign In' },
  { id: 'signup', content: 'Sign Up' },
]

export function AuthPage() {
  const [search, setSearch] = useSearchParams()
  const { status, signIn } = useSession()
  const client = useApi()
  const toaster = useToast()
  const code = search.get('code')
  const [finishingGoogle, setFinishingGoogle] = useState(Boolean(code))
  const started = useRef(false)
  // Someone already signed in who opens /auth goes to the dashboard; someone who signs in here goes
  // where signIn() sends them (the remembered path).
  const [arrivedSignedIn] = useState(status !== 'signed-out')
  const selected = search.get('tab') === 'signup' ? 1 : 0
  useDocumentTitle(selected === 1 ? 'Sign up' : 'Sign in')

  useEffect(() => {
    if (!code || started.current) return
    started.current = true
    finishGoogleSignIn(client, code, search.get('state'))
      .then(signIn)
      .catch(() => {
        toaster.error('Google login failed', 'An error occurred during Google login')
        setSearch({}, { replace: true })
        setFinishingGoogle(false)
      })
  }, [client, code, search, setSearch, signIn, toaster])

  if (status === 'signed-in' && arrivedSignedIn && !finishingGoogle) return <Navigate to="/app/dashboard" replace />
  return (
    <AuthScreen
      title={selected === 1 ? 'Create your account' : 'Welcome back'}
      subtitle={selected === 1 ? 'Start your 14-day free trial. No card needed.' : 'Sign in to manage your AI agents.'}
    >
      {finishingGoogle ? (
        <div className="page-loading" role="status">
          <Spinner accessibilityLabel="Signing in with Google" />
        </div>
      ) : (
        <Tabs
          tabs={TABS}
          selected={selected}
          onSelect={(index) => setSearch(index === 1 ? { tab: 'signup' } : {}, { replace: true })}
          fitted
        >
          <div className="auth-form">
            {selected === 1 ? <NoEmailNoticeIfNone /> : null}
            {selected === 1 ? (
              <SignUpForm onRegisteredWithoutSession={() => setSearch({}, { replace: true })} />
            ) : (
              <SignInForm />
            )}
            <ContinueWithGoogle />
          </div>
        </Tabs>
      )}
    </AuthScreen>
  )
}
