// The local operator channel: while the server listens, DATA_DIR/operator.json (mode 0600) holds its address and
// a random secret, so that operator commands ask the running server instead of opening the embedded database a
// second time (plugins/operator-channel.ts writes it; cli/ reads it).
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const operatorSecretHeader = 'x-operator-secret';

const operatorChannelFileSchema = z.object({
  url: z.url(),
  secret: z.string().min(1),
  pid: z.number().int().positive(),
});
export type OperatorChannelFile = z.infer<typeof operatorChannelFileSchema>;

export function operatorFile(dataDir: string): string {
  return join(dataDir, 'operator.json');
}

/** The running server's channel; undefined when there is no file or it is not one a server wrote. */
export function readOperatorFile(dataDir: string): OperatorChannelFile | undefined {
  let text: string;
  try {
    text = readFileSync(operatorFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = operatorChannelFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Constant-time comparison of a presented secret with the expected one. */
export function secretMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
