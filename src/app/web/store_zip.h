#pragma once
// A zip archive whose entries are stored as they are (method 0, no compression): enough to
// hand several already-compressed files (the recorded PNG frames) over as one download.

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace dynskin::app::web {

struct ZipEntry {
    std::string name;  // the path inside the archive, '/' separated
    std::vector<std::uint8_t> data;
};

// CRC-32 (IEEE 802.3, as zip and PNG use it).
std::uint32_t crc32(const std::uint8_t* data, std::size_t size);

// Writes an archive entry by entry, so that only one entry at a time need be in memory.
// Throws std::runtime_error beyond what plain zip holds (65,535 entries, 4 GiB) or when the
// stream fails.
class StoreZipWriter {
public:
    explicit StoreZipWriter(std::ostream& out);
    void add(const std::string& name, const std::uint8_t* data, std::size_t size);
    // The central directory and the end record: the archive is complete.
    void finish();

private:
    std::ostream& out_;
    std::vector<std::uint8_t> directory_;
    std::uint64_t offset_ = 0;
    std::size_t count_ = 0;
    std::uint32_t time_ = 0, date_ = 0;
};

// The archive of these entries, in memory.
std::vector<std::uint8_t> store_zip(const std::vector<ZipEntry>& entries);

}  // namespace dynskin::app::web
