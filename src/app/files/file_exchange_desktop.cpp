// The desktop's file exchange: the viewer works on the user's own files, so there is nothing
// to hand over (see file_exchange.h).
#include "app/files/file_exchange.h"

namespace dynskin::app::platform {

bool files_through_browser() { return false; }
bool pick_files(Picked) { return false; }
std::vector<PickedFiles> take_picked_files() { return {}; }
std::vector<std::string> keep_dropped_files(const std::vector<std::string>& paths) { return paths; }
void release_files_except(const std::string&) {}
bool offer_download(const std::string&, AfterDownload) { return false; }
bool offer_zip_download(const std::vector<std::string>&, const std::string&) { return false; }

}  // namespace dynskin::app::platform
