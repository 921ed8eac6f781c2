#pragma once
// Where the bundled characters' .glb files are: $DYNSKIN_ASSET_DIR, else an assets/ folder
// next to the executable (an installed copy), else the source tree's assets/.

#include <string>

namespace dynskin::characters {

std::string asset_directory();

// asset_directory()/NAME.glb, or empty when that file does not exist.
std::string bundled_asset_path(const std::string& name);

}  // namespace dynskin::characters
