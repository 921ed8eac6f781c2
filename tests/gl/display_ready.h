#pragma once
// Under `xvfb-run -a` the X server can still be coming up, or another one just leaving the
// same display number, when a suite opens its first window: GLFW then fails once and works a
// moment later. The suites that need a display wait for it first.

namespace dynskin::test {

// Waits until GLFW can initialise on the display, up to `seconds`; GLFW is left as it was
// (terminated). False if it never could.
bool wait_for_display(double seconds = 10.0);

}  // namespace dynskin::test
