import { z } from 'zod';

/** `YYYY-MM-DD`. */
export const IsoDate = z.iso.date();

/** An entry of `identity.idNumbers`; `type: "ssn"` denotes a social security number. */
export const IdNumber = z.looseObject({ idNumber: z.string().min(1), type: z.string().min(1) });
export type IdNumber = z.infer<typeof IdNumber>;

/** A postal address. The specification names the `CurrentAddress` element but not its fields. */
export const Address = z.looseObject({
  lines: z.array(z.string().min(1)).min(1),
  locality: z.string().min(1),
  postalCode: z.string().min(1),
  country: z.string().length(2).describe('ISO 3166-1 alpha-2'),
});
export type Address = z.infer<typeof Address>;

/**
 * One identity document. `side2Image` is an empty string when there is no back. A live v1 caller sends each side
 * as its own array element, so both sides are optional here; `PrimaryDocument` validation requires the front.
 */
export const SubjectDocument = z.looseObject({
  type: z.string().optional(),
  side1Image: z.string().optional(),
  side2Image: z.string().optional(),
});
export type SubjectDocument = z.infer<typeof SubjectDocument>;

export const Biometric = z.looseObject({ selfieImage: z.string().optional() });
export type Biometric = z.infer<typeof Biometric>;

/**
 * The structure of `identity`, without value rules: those belong to the domain elements, which decide what is
 * required, what is dropped and what is refused.
 */
export const Identity = z.looseObject({
  firstName: z.string().optional(),
  middleNames: z.array(z.string()).optional(),
  lastNames: z.array(z.string()).optional(),
  dateOfBirth: z.string().optional(),
  currentAddress: z
    .looseObject({
      lines: z.array(z.string()).optional(),
      locality: z.string().optional(),
      postalCode: z.string().optional(),
      country: z.string().optional(),
    })
    .optional(),
  idNumbers: z.array(z.looseObject({ idNumber: z.string(), type: z.string() })).optional(),
});
export type Identity = z.infer<typeof Identity>;

/**
 * `context.subject`: prefill and submissions share this structure in both versions. Other subject fields belong
 * to a data input schema the specification does not show, so unknown fields pass through.
 */
export const Subject = z.looseObject({
  uid: z.string().optional(),
  identity: Identity.optional(),
  documents: z.array(SubjectDocument).optional(),
  biometrics: z.array(Biometric).optional(),
});
export type Subject = z.infer<typeof Subject>;
