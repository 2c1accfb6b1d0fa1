import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type AccountSession, getProfile, getSession, type Profile } from './accounts-client';
import { shouldRetryRead } from './api-error';

/**
 * The account state as read from the accounts library and the profile route (docs/product.md#sessions-and-the-account-state).
 * Held by the app shell itself rather than in the query cache, so that the home page's first load carries no query
 * library (docs/decisions/034): it is read once on start and again only when something says it changed.
 */
export interface AccountAnswers {
  /** Until the session, and the profile of whoever is signed in, have answered. */
  loading: boolean;
  session: AccountSession | null;
  profile: Profile | null;
  /** Why the session could not be read. */
  sessionError: Error | null;
  /** Why the profile could not be read (a 404 while it is not completed). */
  profileError: Error | null;
}

export interface AccountActions {
  /** Reads the session and, when someone is signed in, the profile again; resolves once both have answered. */
  refresh: () => Promise<AccountSession | null>;
  /** Changes the profile held (once it is saved, or its feed link reset), so every page shows it at once. */
  changeProfile: (change: (profile: Profile | null) => Profile | null) => void;
  /** Nobody is signed in any more: the API said so (401). */
  forget: () => void;
}

/** What has been read: the session (undefined until it first answers), and the profile of its user. */
interface Held {
  session: AccountSession | null | undefined;
  sessionError: Error | null;
  /** The profile of `userId` as read: the profile, or why it could not be read. */
  profileOf: { userId: string; profile: Profile | null; error: Error | null } | undefined;
}

const nobody: Held = { session: null, sessionError: null, profileOf: undefined };

/**
 * The answers as the app reads them: loading until the session has answered and, when someone is signed in, their
 * profile too. The session is known before the profile: what needs only the user's id need not wait for it.
 */
function answersOf({ session, sessionError, profileOf }: Held): AccountAnswers {
  const userId = session?.user.id;
  const profileRead = userId !== undefined && profileOf?.userId === userId;
  return {
    loading: (session === undefined && sessionError === null) || (userId !== undefined && !profileRead),
    session: session ?? null,
    profile: profileRead ? profileOf.profile : null,
    sessionError,
    profileError: profileRead ? profileOf.error : null,
  };
}

const AnswersContext = createContext<AccountAnswers | null>(null);
const ActionsContext = createContext<AccountActions | null>(null);

/** A failed read tried again a second later, as the query cache retries its reads. */
async function retried<T>(read: () => Promise<T>): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof Error) || !shouldRetryRead(failures, error)) throw error;
      await new Promise((resume) => setTimeout(resume, 1000));
    }
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** Holds the account state of the app below it, and reads it when mounted (in the browser only). */
export function AccountProvider({ children }: { children: ReactNode }) {
  const [held, setHeld] = useState<Held>({ ...nobody, session: undefined });
  // Only the latest read (or forgetting) counts: an earlier read answering late changes nothing.
  const latest = useRef(0);

  const actions = useMemo<AccountActions>(
    () => ({
      async refresh() {
        const read = ++latest.current;
        const current = () => read === latest.current;
        let session: AccountSession | null;
        try {
          session = await retried(getSession);
        } catch (error) {
          if (current()) setHeld((before) => ({ ...before, sessionError: asError(error) }));
          throw error;
        }
        if (current()) setHeld((before) => ({ ...before, session, sessionError: null }));
        if (!session) return null;
        const userId = session.user.id;
        try {
          const profile = await retried(getProfile);
          if (current()) setHeld((before) => ({ ...before, profileOf: { userId, profile, error: null } }));
        } catch (error) {
          if (current()) {
            setHeld((before) => ({ ...before, profileOf: { userId, profile: null, error: asError(error) } }));
          }
        }
        return session;
      },
      changeProfile(change) {
        setHeld((before) => {
          const userId = before.session?.user.id;
          if (userId === undefined) return before;
          const { profile, profileError: error } = answersOf(before);
          const changed = change(profile);
          return { ...before, profileOf: { userId, profile: changed, error: changed ? null : error } };
        });
      },
      forget() {
        latest.current += 1;
        setHeld(nobody);
      },
    }),
    [],
  );

  useEffect(() => {
    actions.refresh().catch(() => undefined); // the failure is held in the answers
  }, [actions]);

  const answers = useMemo(() => answersOf(held), [held]);
  return (
    <ActionsContext value={actions}>
      <AnswersContext value={answers}>{children}</AnswersContext>
    </ActionsContext>
  );
}

export function useAccountAnswers(): AccountAnswers {
  const answers = useContext(AnswersContext);
  if (!answers) throw new Error('useAccountAnswers needs an AccountProvider above it');
  return answers;
}

export function useAccountActions(): AccountActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useAccountActions needs an AccountProvider above it');
  return actions;
}
