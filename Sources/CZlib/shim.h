// zlib, the system's (Debian: zlib1g-dev, which Swift on Linux already requires).
#include <zlib.h>
