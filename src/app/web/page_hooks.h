#pragma once
// What the page (and the browser tests, tests/web) can ask the running viewer from
// JavaScript: functions exported as dynskin_* (Module.ccall), see page_hooks.cpp.

namespace dynskin::app {
class ViewerApp;
}

namespace dynskin::app::web {

// The viewer the exported functions look at; it must outlive the page (the browser's frame
// loop keeps main's objects).
void expose_to_page(ViewerApp& app);

}  // namespace dynskin::app::web
