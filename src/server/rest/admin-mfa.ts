import { Hono } from 'hono';
import { readJson, type RestEnv, urlInput } from './shim';

/** The second factor's REST paths (ADR 102): each calls its procedure of routers/staff-mfa.ts or routers/admin-auth.ts. */
export const adminMfaRest = new Hono<RestEnv>()
  .post('/admin/mfa/totp/setup', async (c) => c.json(await c.var.caller.staffMfa.totpSetup()))
  .post('/admin/mfa/totp/confirm', async (c) =>
    c.json(await c.var.caller.staffMfa.totpConfirm(await readJson(c, c.var.caller.staffMfa.totpConfirm))),
  )
  .delete('/admin/mfa/totp', async (c) => c.json(await c.var.caller.staffMfa.totpRemove()))
  .post('/admin/mfa/recovery-codes', async (c) => c.json(await c.var.caller.staffMfa.recoveryCodes()))
  .patch('/admin/mfa/policy', async (c) =>
    c.json(await c.var.caller.staffMfa.setPolicy(await readJson(c, c.var.caller.staffMfa.setPolicy))),
  )
  .post('/admin/staff/:id/mfa-reset', async (c) =>
    c.json(await c.var.caller.staffMfa.reset(urlInput(c.var.caller.staffMfa.reset, { id: c.req.param('id') }))),
  )
  .post('/admin/passkeys/registration-options', async (c) => c.json(await c.var.caller.staffMfa.passkeyRegistrationOptions()))
  .post('/admin/passkeys', async (c) =>
    c.json(await c.var.caller.staffMfa.passkeyRegister(await readJson(c, c.var.caller.staffMfa.passkeyRegister)), 201),
  )
  .get('/admin/passkeys', async (c) => c.json(await c.var.caller.staffMfa.passkeys()))
  .delete('/admin/passkeys/:id', async (c) =>
    c.json(await c.var.caller.staffMfa.passkeyRemove(urlInput(c.var.caller.staffMfa.passkeyRemove, { id: c.req.param('id') }))),
  )
  .post('/admin/login/mfa', async (c) => c.json(await c.var.caller.adminAuth.loginMfa(await readJson(c, c.var.caller.adminAuth.loginMfa))))
  .post('/admin/login/passkey-options', async (c) => c.json(await c.var.caller.adminAuth.passkeyOptions()))
  .post('/admin/login/passkey', async (c) =>
    c.json(await c.var.caller.adminAuth.loginPasskey(await readJson(c, c.var.caller.adminAuth.loginPasskey))),
  );
