#pragma once
// A zip archive whose entries are stored as they are (method 0, no compression): enough to
// hand several already-compressed files (the recorded PNG frames) over as one download.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace dynskin::app::web {

struct ZipEntry {
    std::string name;  // the path inside the archive, '/' separated
    std::vector<std::uint8_t> data;
};

// CRC-32 (IEEE 802.3, as zip and PNG use it).
std::uint32_t crc32(const std::uint8_t* data, std::size_t size);

// The archive's bytes. Throws std::runtime_error beyond what plain zip holds (65,535 entries,
// 4 GiB); the page's memory ends well before.
std::vector<std::uint8_t> store_zip(const std::vector<ZipEntry>& entries);

}  // namespace dynskin::app::web
