#pragma once
// `xvfb-run -a` as the start of a shell command that needs a display, with an X authority
// file of this test process's own. Given none, xvfb-run makes a temporary folder for it and
// exits with status 5 ("problem while cleaning up temporary directory") whenever removing
// that folder fails, which happened in test runs after the program under test had exited as
// expected, failing the test on xvfb-run's own status. The file is removed at exit.

#include <string>

namespace dynskin::test {

// "xvfb-run -a -f AUTH -s '-screen 0 SCREEN' " (with its trailing space).
std::string xvfb_run(const std::string& screen = "1280x1024x24");

}  // namespace dynskin::test
