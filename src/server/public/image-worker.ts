import { drawLineupImage, type ImageFormat, type LineupImageInput } from './image.js';

// A render thread of the lineup image pool (image-renderer.ts): piscina calls this with one task
// at a time. Its fonts are read on its first task and kept.

export interface RenderTask {
  input: LineupImageInput;
  format: ImageFormat;
}

export default async function render({ input, format }: RenderTask): Promise<Uint8Array> {
  return drawLineupImage(input, format);
}
