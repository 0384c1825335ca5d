import { z } from 'zod';
import { IMMUNIZATION_STATUSES, COMPLIANCE_ITEMS, COMPLIANCE_STATUSES } from '../compliance-rules';
import { idSchema } from './content';
import { enumField, isoDate, looseBoolean, optionalText, requiredText } from './fields';

/** The longest "what staff must do" a care plan carries (it shows on a card, so it stays short). */
export const CARE_PLAN_SUMMARY_MAX = 300;
/** The most training hours a staff record holds. */
export const TRAINING_HOURS_MAX = 10000;

/** A calendar date, or none (empty, null or left out). */
const optionalDate = () =>
  z
    .union([isoDate('error.date'), z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * `PUT /api/admin/children/{id}/health`: the medical statement, the immunization record and the care plan as
 * the body gives them. A care plan required has its summary (what staff must do).
 */
export const healthSchema = z
  .object({
    medicalExamDate: optionalDate(),
    examiner: optionalText(100),
    immunizations: z.union([enumField(IMMUNIZATION_STATUSES, 'error.immunizationsChoice'), z.null()]).default(null),
    carePlanRequired: looseBoolean.default(false),
    carePlanSummary: optionalText(CARE_PLAN_SUMMARY_MAX, { multiline: true }),
  })
  .refine((v) => !v.medicalExamDate || !!v.examiner, { path: ['examiner'], message: 'error.examinerRequired' });
export type HealthInput = z.input<typeof healthSchema>;

export const childHealthUpdateSchema = z.intersection(z.object({ id: idSchema }), healthSchema);

/** The three health files a parent (or staff, from paper) hands in. */
export const HEALTH_FILES = ['medical-statement', 'immunizations', 'care-plan'] as const;
export type HealthFile = (typeof HEALTH_FILES)[number];

/** A health file uploaded for a child: the upload URL as `POST /api/objects/upload` returned it. */
export const healthFileSchema = z.object({
  childId: idSchema,
  kind: enumField(HEALTH_FILES, 'error.healthFileKind'),
  documentUrl: requiredText('error.uploadFirst', 1000),
});

/** The sections of the record the parent checks in the yearly review. */
export const REVIEW_SECTIONS = ['contacts', 'pickups', 'allergies', 'medications', 'physician', 'care-plan'] as const;
export type ReviewSection = (typeof REVIEW_SECTIONS)[number];
export const REVIEW_CHANGE_MAX = 1000;

/**
 * `POST /api/parent/children/{id}/annual-review`: the parent's typed full name, and what they changed or ask to
 * change in the same visit (a section and what), if anything.
 */
export const annualReviewSchema = z.object({
  signature: requiredText('error.signatureRequired', 100),
  changes: z
    .array(
      z.object({
        section: enumField(REVIEW_SECTIONS, 'error.reviewSection'),
        note: requiredText('error.reviewChangeRequired', REVIEW_CHANGE_MAX, { multiline: true }),
      }),
      { error: 'error.reviewSection' },
    )
    .max(REVIEW_SECTIONS.length, 'error.reviewTooManyChanges')
    .default([]),
});
export const annualReviewInput = annualReviewSchema.extend({ childId: idSchema });

/** The director's staff record: dates as `YYYY-MM-DD` (or empty for none), and whole training hours. */
export const staffRecordSchema = z.object({
  backgroundCheckDate: optionalDate(),
  firstAidExpires: optionalDate(),
  cprExpires: optionalDate(),
  communicableDiseaseExpires: optionalDate(),
  childAbuseExpires: optionalDate(),
  trainingHours: z.coerce
    .number({ error: 'error.trainingHours' })
    .int('error.trainingHours')
    .min(0, 'error.trainingHours')
    .max(TRAINING_HOURS_MAX, 'error.trainingHours')
    .default(0),
});
export const staffRecordUpdateSchema = staffRecordSchema.extend({ staffId: idSchema });

/** `GET /api/admin/compliance`'s filters. */
export const complianceFilterSchema = z
  .object({
    item: enumField(COMPLIANCE_ITEMS, 'error.complianceItem').optional(),
    status: enumField(COMPLIANCE_STATUSES, 'error.complianceStatus').optional(),
  })
  .default({});
