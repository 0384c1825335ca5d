import { centreProfilePatchSchema } from '../../shared/schemas/centre-profile';
import { removeCentreLogo } from '../centre/logo';
import { centreProfile, publicCentre, updateCentreProfile } from '../centre/profile';
import { directorProcedure, publicProcedure, router } from '../trpc';

/** The centre's profile (ADR 090): read by anyone (its public fields), edited by the director (the Settings tab). */
export const centreRouter = router({
  /** The public fields (GET /api/centre): everything but the tax ID. */
  public: publicProcedure.query(() => publicCentre()),

  /** The whole profile, the tax ID with it (GET /api/admin/centre): the Settings tab's form. */
  profile: directorProcedure.query(() => centreProfile()),

  /** Any of the profile's fields (PATCH /api/admin/centre); answers the whole profile. */
  update: directorProcedure.input(centreProfilePatchSchema).mutation(({ ctx, input }) => updateCentreProfile(ctx, input)),

  /** The profile without its logo (DELETE /api/admin/centre/logo); a new logo is uploaded as multipart (rest/centre.ts). */
  removeLogo: directorProcedure.mutation(({ ctx }) => removeCentreLogo(ctx)),
});
