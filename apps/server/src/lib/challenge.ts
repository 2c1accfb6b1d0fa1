// The proof-of-work challenge in front of sign-up and the contact form (ALTCHA, self-hosted; docs/decisions/041):
// issued and signed here with a key derived from the server's secret, solved by the visitor's browser, and taken
// once — the solutions taken are counted in PostgreSQL, so a solution replayed to another process is refused too.
import { createHmac, randomInt } from 'node:crypto';
import {
  type ChallengeResponse,
  challengeField,
  challengeLifetimeSeconds,
  challengeMessages,
} from '@portal/domain';
import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Database } from '../db/client.ts';
import { countRequest } from '../db/rate-limit-counters.ts';
import { invalidField } from './errors.ts';

/**
 * The work asked of a browser: PBKDF2 rounds per try, and the range the secret answer (the number of tries) is drawn
 * from. A few tenths of a second on a phone, invisible behind a form being filled in; thousands of sign-ups an hour
 * cost a bot real computing time.
 */
const algorithm = 'PBKDF2/SHA-256';
const cost = 1_000;
const minTries = 1_000;
const maxTries = 3_000;

export interface ChallengeGate {
  /** Whether a form must carry a solved challenge (SIGNUP_CHALLENGE, on by default). */
  required: boolean;
  /** Signs a challenge's parameters. */
  signatureKey: string;
  /** Signs the answer of a challenge, so that checking a solution costs one HMAC, not the work itself. */
  answerKey: string;
}

/** The gate's keys, each derived from the server's secret for this one use: the secret itself signs nothing here. */
export function challengeGate(authSecret: string, required: boolean): ChallengeGate {
  const derive = (purpose: string) => createHmac('sha256', authSecret).update(purpose).digest('base64url');
  return {
    required,
    signatureKey: derive('portal challenge signature'),
    answerKey: derive('portal challenge answer'),
  };
}

/** A new challenge, valid for `challengeLifetimeSeconds`. */
export async function issueChallenge(gate: ChallengeGate, now = Date.now()): Promise<ChallengeResponse> {
  const challenge = await createChallenge({
    algorithm,
    cost,
    counter: randomInt(minTries, maxTries + 1),
    deriveKey,
    expiresAt: new Date(now + challengeLifetimeSeconds * 1000),
    hmacSignatureSecret: gate.signatureKey,
    hmacKeySignatureSecret: gate.answerKey,
  });
  return { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The challenge and solution of a widget's payload (base64 JSON), or undefined when it is not one. */
function readPayload(payload: string): { challenge: Challenge; solution: Solution } | undefined {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isRecord(decoded) || !isRecord(decoded.challenge) || !isRecord(decoded.solution)) return undefined;
  const { parameters, signature } = decoded.challenge;
  const { counter, derivedKey } = decoded.solution;
  if (!isRecord(parameters) || typeof signature !== 'string') return undefined;
  if (typeof counter !== 'number' || typeof derivedKey !== 'string') return undefined;
  if (typeof parameters.nonce !== 'string' || typeof parameters.salt !== 'string') return undefined;
  // The parameters are checked against their signature before anything else reads them.
  return {
    challenge: { parameters: parameters as unknown as Challenge['parameters'], signature },
    solution: { counter, derivedKey },
  };
}

/**
 * Takes the solved challenge a form sent (the `altcha` field), or refuses the form with a 400 naming that field:
 * missing, not ours (forged or altered), expired, or already taken. Taken once across every process: its signature
 * is counted in the database for as long as it could still be valid. With the gate off, nothing is asked.
 */
export async function takeChallengeSolution(
  db: Pick<Database, 'insert'>,
  gate: ChallengeGate,
  payload: unknown,
): Promise<void> {
  if (!gate.required) return;
  if (typeof payload !== 'string' || payload.trim() === '') {
    throw invalidField(challengeField, challengeMessages.required);
  }
  const solved = readPayload(payload);
  if (!solved) throw invalidField(challengeField, challengeMessages.invalid);
  let verdict: Awaited<ReturnType<typeof verifySolution>>;
  try {
    verdict = await verifySolution({
      ...solved,
      deriveKey,
      hmacSignatureSecret: gate.signatureKey,
      hmacKeySignatureSecret: gate.answerKey,
    });
  } catch {
    // A payload the library cannot even read (odd hex, an unknown algorithm) is no solution of ours.
    throw invalidField(challengeField, challengeMessages.invalid);
  }
  // Expiry is read before the signature: a forged challenge may only ever hear "expired", never "accepted".
  if (verdict.expired) throw invalidField(challengeField, challengeMessages.expired);
  if (!verdict.verified) throw invalidField(challengeField, challengeMessages.invalid);
  const { allowed } = await countRequest(db, `challenge:${solved.challenge.signature}`, {
    max: 1,
    windowSeconds: challengeLifetimeSeconds,
  });
  if (!allowed) throw invalidField(challengeField, challengeMessages.used);
}
