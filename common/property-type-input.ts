import { z } from 'zod';
import { acceptedPropertyTypes, currentPropertyType, type PropertyType } from './property-enums';

/**
 * A property type in a request (a listing's, a search filter's): the OpenAPI document lists the
 * accepted names, `room` included; what the server reads is always today's name. Apart from
 * property-enums.ts, which first pages import without Zod (docs/performance.md).
 */
export const propertyTypeInput = () =>
  z
    .enum(acceptedPropertyTypes, { error: 'invalidValue' })
    .transform((value): PropertyType => currentPropertyType(value));
