#include "xvfb_run.h"

#include <unistd.h>

#include <filesystem>
#include <system_error>

namespace dynskin::test {
namespace {

struct AuthorityFile {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("dynskin_test_xauth_" + std::to_string(::getpid()));
    ~AuthorityFile() {
        std::error_code ignored;
        std::filesystem::remove(path, ignored);
    }
};

}  // namespace

std::string xvfb_run(const std::string& screen) {
    static const AuthorityFile authority;
    return "xvfb-run -a -f '" + authority.path.string() + "' -s '-screen 0 " + screen + "' ";
}

}  // namespace dynskin::test
