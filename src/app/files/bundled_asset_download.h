#pragma once
// The bundled characters' files. The desktop has them all at hand; the browser downloads
// each from the site's assets/ folder the first time it is asked for, so that the page
// starts after one character's download instead of all eight (src/app/web/).

#include <string>

namespace dynskin::app {

struct AssetDownload {
    bool ready = true;      // load it now
    float fraction = 1.0f;  // of the download, while not ready
    std::string error;      // the download failed: not ready, and never will be
};

// Whether file_or_name can be loaded now (a path, or a bundled character whose file is
// there); the first call for a missing bundled file starts its download.
AssetDownload request_bundled_asset(const std::string& file_or_name);

}  // namespace dynskin::app
