import { SETTINGS_LIMITS } from '@hive/shared/schemas/backoffice/settings';
import { readImage, type ImageProblem, type ReadImage } from '../../../components';

export type LogoProblem = ImageProblem;

/** Reads a chosen logo for upload: at most 1 MB, PNG, JPEG or WebP by content (as the server checks). */
export function readLogo(file: File): Promise<ReadImage> {
  return readImage(file, SETTINGS_LIMITS.logoMaxBytes);
}
