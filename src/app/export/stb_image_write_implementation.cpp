// stb_image_write's functions for the web build (the desktop links Debian's libstb, which
// has them): the viewer's screenshots and recorded frames.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
