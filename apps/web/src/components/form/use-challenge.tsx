import { apiPaths, challengeField, challengeMessages } from '@portal/domain';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

type ChallengeState = 'waiting' | 'solving' | 'solved' | 'failed';

interface StateDetail {
  state: string;
  payload: string | null;
}

function isStateDetail(detail: unknown): detail is StateDetail {
  return typeof detail === 'object' && detail !== null && 'state' in detail;
}

/** What a form needs of the challenge: the line it draws, the solution to send, and a fresh one after a send. */
export interface Challenge {
  /** The challenge's status line (and the widget, hidden), to put above the submit button. */
  field: ReactNode;
  /** The solved challenge, once the browser has solved it (waiting if need be); undefined if it could not be. */
  solution: () => Promise<string | undefined>;
  /** Solves a new one: each solution is taken once, whether the server took the form or refused it. */
  renew: () => void;
}

/**
 * The proof-of-work challenge of a form (sign-up, the contact form): once the person starts on the form (the first
 * focus inside it), the ALTCHA widget is loaded, fetches a challenge from the portal and solves it in a worker while
 * they type, with nothing for them to do; a status line says where it stands to assistive technology and eyes alike
 * (docs/product.md#the-person-check). Not before the first focus: a page's first load never fetches the widget, and
 * a visitor who only reads spends nothing. A refusal of the solution is the form's notice, as any other refusal.
 */
export function useChallenge(): Challenge {
  const holder = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaWidgetElement | null>(null);
  const payload = useRef<string | undefined>(undefined);
  const waiting = useRef<((solved: string | undefined) => void)[]>([]);
  const [state, setState] = useState<ChallengeState>('waiting');
  const failed = useRef(false);
  /** Starts the widget (once): on the first focus in the form, or when the form is sent before any. */
  const start = useRef<() => void>(() => {});

  const settle = useCallback((solved: string | undefined, next: ChallengeState) => {
    payload.current = solved;
    failed.current = next === 'failed';
    setState(next);
    for (const resolve of waiting.current.splice(0)) resolve(solved);
  }, []);

  useEffect(() => {
    let cancelled = false;
    let started = false;
    let expiries = 0;
    let created: AltchaWidgetElement | undefined;
    const onStateChange = (event: Event) => {
      const detail = event instanceof CustomEvent ? (event.detail as unknown) : undefined;
      if (!isStateDetail(detail)) return;
      if (detail.state === 'verified' && detail.payload) {
        expiries = 0;
        settle(detail.payload, 'solved');
      } else if (detail.state === 'error') settle(undefined, 'failed');
      else if (detail.state === 'expired') {
        // A form left open past the challenge's life: a new one, still without the person doing anything. One
        // that expires again at once says the browser's clock is off: no endless round of new challenges.
        expiries += 1;
        if (expiries > 2) {
          settle(undefined, 'failed');
          return;
        }
        payload.current = undefined;
        setState('solving');
        created?.reset();
        void created?.verify();
      }
    };
    const load = () => {
      if (started) return;
      started = true;
      setState('solving');
      import('./challenge-widget.ts').then(
        () => {
          if (cancelled || !holder.current) return;
          created = document.createElement('altcha-widget');
          created.setAttribute('challenge', apiPaths.challenge);
          created.setAttribute('auto', 'onload');
          created.setAttribute('name', challengeField);
          created.setAttribute('configuration', JSON.stringify({ hideLogo: true, hideFooter: true }));
          created.addEventListener('statechange', onStateChange);
          holder.current.append(created);
          widget.current = created;
        },
        () => settle(undefined, 'failed'),
      );
    };
    start.current = load;
    const form = holder.current?.closest('form');
    form?.addEventListener('focusin', load, { once: true });
    return () => {
      cancelled = true;
      form?.removeEventListener('focusin', load);
      created?.removeEventListener('statechange', onStateChange);
      created?.remove();
      widget.current = null;
    };
  }, [settle]);

  const solution = useCallback(() => {
    // Without a solution the form is sent all the same: the server's refusal then says why.
    if (payload.current !== undefined || failed.current) return Promise.resolve(payload.current);
    start.current();
    return new Promise<string | undefined>((resolve) => {
      waiting.current.push(resolve);
    });
  }, []);

  const renew = useCallback(() => {
    payload.current = undefined;
    failed.current = false;
    setState('solving');
    widget.current?.reset();
    void widget.current?.verify();
  }, []);

  const status = {
    waiting: '',
    solving: challengeMessages.solving,
    solved: challengeMessages.solved,
    failed: challengeMessages.failed,
  }[state];
  const field = (
    <div className="text-sm">
      {/* The widget works unseen: the line below says what it does. */}
      <div ref={holder} hidden />
      {/* One line kept from the start, so that the text arriving moves nothing (the button least of all). */}
      <p aria-live="polite" className={`min-h-5 ${state === 'failed' ? 'text-red-700' : 'text-slate-600'}`}>
        {status}
      </p>
    </div>
  );
  return { field, solution, renew };
}
