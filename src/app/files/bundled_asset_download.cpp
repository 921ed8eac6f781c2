#include "app/files/bundled_asset_download.h"

namespace dynskin::app {

// The desktop: every bundled character is in the assets folder, or is built when its file
// is missing (characters::load_character).
AssetDownload request_bundled_asset(const std::string&) { return {}; }

}  // namespace dynskin::app
