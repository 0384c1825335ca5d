import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { TRPCError } from '@trpc/server';
import { createLoginThrottle } from '../auth/login-throttle';

/** Per-app limiters (one set per createApp, so tests never share counters). */
export function createLimiters() {
  return {
    /** Generous enough for a family with several children or a shared office network. */
    enrollment: new RateLimiterMemory({ keyPrefix: 'enroll', points: 20, duration: 60 * 60 }),
    /** Sign-in attempts of every kind of account (auth/login-throttle.ts). */
    login: createLoginThrottle(),
    /** 'Forgot your password?': a few links an hour per address, so nobody can flood a parent's inbox. */
    passwordResetByIp: new RateLimiterMemory({ keyPrefix: 'reset-ip', points: 10, duration: 60 * 60 }),
    passwordResetByAccount: new RateLimiterMemory({ keyPrefix: 'reset-acct', points: 3, duration: 60 * 60 }),
  };
}
export type Limiters = ReturnType<typeof createLimiters>;

export class RateLimitedError extends TRPCError {
  constructor(public readonly retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') {
    super({ code: 'TOO_MANY_REQUESTS', message });
  }
}

/** Takes one point; over the limit it throws TOO_MANY_REQUESTS and sets Retry-After. */
export async function consume(limiter: RateLimiterMemory, key: string, resHeaders: Headers, message?: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (e) {
    if (e instanceof RateLimiterRes) {
      const seconds = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      resHeaders.set('Retry-After', String(seconds));
      throw new RateLimitedError(seconds, message);
    }
    throw e;
  }
}
