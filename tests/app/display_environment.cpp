// The viewer suite opens windows: it starts once the display answers (see display_ready.h).

#include <gtest/gtest.h>

#include "display_ready.h"

namespace {

class DisplayReady : public ::testing::Environment {
public:
    void SetUp() override { ASSERT_TRUE(dynskin::test::wait_for_display()) << "no display: run under xvfb-run -a"; }
};

const ::testing::Environment* const kDisplayReady = ::testing::AddGlobalTestEnvironment(new DisplayReady);

}  // namespace
