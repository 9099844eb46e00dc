import type { profileUpdateRequest } from '@journals/core/schemas/accounts';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** The profile form's handle, shared by the form and its login-info section (neither imports the other for it). */
export type ProfileFormApi = UseFormReturn<
  z.input<typeof profileUpdateRequest>,
  unknown,
  z.output<typeof profileUpdateRequest>
>;
