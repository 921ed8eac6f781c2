#pragma once
// The loader's warnings as the Character panel lists them: a file often repeats one problem
// for many nodes, channels or materials ("animation 'Run' channel 12 targets node 40, ...");
// messages that differ only in their names and numbers make one group, listed once with its
// count. Plain C++, no ImGui, so that the grouping is tested on its own.

#include <string>
#include <vector>

namespace dynskin::app {

struct WarningGroup {
    // The message with what differs among the members replaced by "…" (a quoted name keeps
    // its quotes: '…'); the message itself for a group of one.
    std::string summary;
    std::vector<std::string> messages;  // the members, in the loader's order
};

// Groups in the order of their first message. Names are the quoted parts ('Hand_L' or
// "Hand_L") and numbers are runs of digits (with a decimal point or a leading minus).
std::vector<WarningGroup> group_warnings(const std::vector<std::string>& warnings);

}  // namespace dynskin::app
