#pragma once
// A pose's locals copied into another of the same joints, as a loop the compiler makes a
// copy of: in the WebAssembly core (linked with bulk memory) a memory.copy in place, where
// std::vector's assignment calls Emscripten 3.1.6's memcpy, which sends every copy of 512
// bytes or more (a pose of 13 joints) out to JavaScript. Per tick and frame on every path.

#include <vector>

#include "dynskin/pose.h"

namespace dynskin {

inline void copy_locals(const std::vector<Trs>& from, std::vector<Trs>& to) {
    to.resize(from.size());  // the same size each time: no allocation
    Trs* out = to.data();
    const Trs* in = from.data();
    for (std::size_t j = 0, n = from.size(); j < n; ++j) out[j] = in[j];
}

}  // namespace dynskin
