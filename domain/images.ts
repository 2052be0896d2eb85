/** The widest image the image service delivers (px); wider requests get this width. */
export const MAX_IMAGE_WIDTH = 2000;
