import { z } from 'zod';
import {
  bodyReadByHandler,
  contentAnswer,
  defineRoute,
  deletedSchema,
  fileFieldSchema,
  idParamsSchema,
} from '../common/contract.ts';
import { shopConfigSchema } from '../config/schemas.ts';
import {
  paperTypeSchema,
  SERVICE_MESSAGES,
  serviceFormSchema,
  serviceListQuerySchema,
  serviceListSchema,
  serviceSchema,
} from './schemas.ts';

const tags = ['catalogue'] as const;
const serviceParams = idParamsSchema(SERVICE_MESSAGES.notFound);

export const isActiveSchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

/** The service form as JSON, or multipart with an image: one reader for both in the handler, which stores the image. */
const FORM_READ =
  'JSON, or multipart/form-data whose image is stored as it arrives: the handler reads and checks both alike (400 `validation_error` with `fields`).';
const serviceForm = bodyReadByHandler(serviceFormSchema.extend({ image: fileFieldSchema.optional() }), FORM_READ);
const SERVICE_FORM =
  'The service form, as JSON or multipart with an optional `image` (PNG, JPEG, GIF or WebP, at most 2 MB; 413 above).';
const consumes = ['application/json', 'multipart/form-data'] as const;

/** The catalogue: public to read (the home page and the service pages need it); the admin's writes. */
export const catalogRoutes = {
  list: defineRoute('GET', '/api/services', {
    summary: 'Active services',
    description:
      'Active, non-deleted services (the admin gets the same here); public. Cached a few seconds, dropped on any catalogue change.',
    tags,
    querystring: serviceListQuerySchema,
    response: { 200: serviceListSchema },
  }),
  one: defineRoute('GET', '/api/services/:id', {
    summary: 'One active service',
    description: "404 'Service not found' when missing, deleted or inactive.",
    tags,
    params: serviceParams,
    response: { 200: serviceSchema },
  }),
  paperTypes: defineRoute('GET', '/api/paper-types', {
    summary: 'Paper types',
    tags,
    response: { 200: z.array(paperTypeSchema) },
  }),
  shopConfig: defineRoute('GET', '/api/config', {
    summary: 'The shop as the web app shows it',
    description:
      "Name, address, hours, delivery pincodes, the payment checkout and whether office files are taken. Never the admin's e-mail. `Cache-Control: no-cache`.",
    tags,
    response: { 200: shopConfigSchema },
  }),
  image: defineRoute('GET', '/api/service-images/:name', {
    summary: 'A service image',
    description:
      "Public; typed by its stored name (checked content at upload), cached for a year. 404 'Image not found'.",
    tags,
    params: z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/, 'Image not found') }),
    response: { 200: contentAnswer('image/*', 'The image (PNG, JPEG, GIF or WebP).') },
  }),
  all: defineRoute('GET', '/api/admin/services/all', {
    summary: 'Every service, inactive ones too (not deleted)',
    description: 'Admin only.',
    tags,
    response: { 200: serviceListSchema },
  }),
  create: defineRoute('POST', '/api/admin/services', {
    summary: 'Add a service',
    description: `Admin only. ${SERVICE_FORM}`,
    tags,
    consumes,
    body: serviceForm,
    response: { 201: serviceSchema },
  }),
  createSpec: defineRoute('POST', '/api/services', {
    summary: "Add a service (the original API's path)",
    description: `Admin only; the same as POST /api/admin/services. ${SERVICE_FORM}`,
    tags,
    consumes,
    body: serviceForm,
    response: { 201: serviceSchema },
  }),
  update: defineRoute('PUT', '/api/admin/services/:id', {
    summary: 'Change a service',
    description: `Admin only; only the fields sent change. ${SERVICE_FORM} 404 'Service not found'.`,
    tags,
    params: serviceParams,
    consumes,
    body: bodyReadByHandler(serviceFormSchema.partial().extend({ image: fileFieldSchema.optional() }), FORM_READ),
    response: { 200: serviceSchema },
  }),
  setActive: defineRoute('PATCH', '/api/admin/services/:id/status', {
    summary: 'Activate or deactivate a service',
    description: 'Admin only.',
    tags,
    params: serviceParams,
    body: isActiveSchema,
    response: { 200: serviceSchema },
  }),
  setAllActive: defineRoute('PATCH', '/api/admin/services/bulk-status', {
    summary: 'Activate or deactivate every service',
    description: 'Admin only.',
    tags,
    body: isActiveSchema,
    response: {
      200: z.object({
        updatedCount: z.number().int(),
        isActive: z.boolean(),
        processingTime: z.number(),
        message: z.string(),
      }),
    },
  }),
  remove: defineRoute('DELETE', '/api/admin/services/:id', {
    summary: 'Delete a service',
    description: 'Admin only. A soft delete: customers no longer see it; old orders keep it.',
    tags,
    params: serviceParams,
    response: { 200: deletedSchema },
  }),
};
