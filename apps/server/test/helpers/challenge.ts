// Solves the portal's proof-of-work challenge as the browser's widget does (GET /api/challenge, then the work), and
// writes the payload the widget would send as `altcha`.
import { apiPaths, type ChallengeResponse } from '@portal/domain';
import { type Challenge, type Solution, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';

/** The widget's payload: base64 of the challenge (as issued) and its solution. */
export function challengePayload(challenge: Challenge, solution: Solution): string {
  const { parameters, signature } = challenge;
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString('base64');
}

/** Solves `challenge`, failing the test if it cannot be. */
export async function solve(challenge: Challenge): Promise<Solution> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('The challenge could not be solved');
  return solution;
}

/** A fresh challenge of the app, solved: the `altcha` field of one form. */
export async function solvedChallenge(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: apiPaths.challenge });
  if (response.statusCode !== 200) throw new Error(`GET ${apiPaths.challenge}: ${response.statusCode}`);
  return solvedPayload(response.json<ChallengeResponse>());
}

/** A challenge as `GET /api/challenge` answered it (parsed JSON), solved: the `altcha` field of one form. */
export async function solvedPayload(issued: unknown): Promise<string> {
  const challenge = issued as Challenge;
  return challengePayload(challenge, await solve(challenge));
}
