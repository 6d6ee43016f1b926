#include "tablebase/distributed/checkpoint.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <utility>

#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "tablebase/format/slice_header.h"

namespace lud64::tablebase {
namespace {

// Version 1 also held lists of positions to take (the backward pass kept
// them then); version 2 holds the state words alone.
constexpr char kCheckpointMagic[8] = {'L', 'U', 'D', '6', '4', 'C', 'K', '2'};
constexpr int kMagicVersionAt = 7;

}  // namespace

ComponentCheckpoint::ComponentCheckpoint(std::string dir, const std::string& component, int ranks,
                                         int rank)
    : dir_(std::move(dir)),
      prefix_(absl::StrCat(component, ".", ranks, "ranks.r", rank, ".g")),
      ranks_(ranks),
      rank_(rank) {}

std::string ComponentCheckpoint::Path(uint64_t next_distance) const {
  return absl::StrCat(dir_, "/", prefix_, next_distance);
}

absl::Status ComponentCheckpoint::Write(uint64_t next_distance,
                                        const HugeArray<uint32_t>& state) const {
  std::error_code error;
  std::filesystem::create_directories(dir_, error);
  if (error) {
    return absl::InternalError(
        absl::StrCat("checkpoint directory ", dir_, ": cannot create: ", error.message()));
  }
  const std::string path = Path(next_distance);
  const std::string temp = absl::StrCat(path, ".tmp");
  std::FILE* file = std::fopen(temp.c_str(), "wb");
  if (file == nullptr) {
    return absl::InternalError(absl::StrCat("checkpoint ", temp, ": ", std::strerror(errno)));
  }
  // Header, then the state words; a checksum of everything before it closes
  // the file.
  StreamChecksum checksum;
  bool ok = true;
  auto put = [&](const void* data, size_t size) {
    checksum.Add(static_cast<const uint8_t*>(data), size);
    ok = ok && std::fwrite(data, 1, size, file) == size;
  };
  const uint64_t header[4] = {static_cast<uint64_t>(ranks_), static_cast<uint64_t>(rank_),
                              state.size(), next_distance};
  put(kCheckpointMagic, sizeof(kCheckpointMagic));
  put(header, sizeof(header));
  constexpr size_t kStep = size_t{1} << 20;
  for (size_t at = 0; at < state.size(); at += kStep) {
    put(&state[at], std::min(kStep, state.size() - at) * sizeof(uint32_t));
  }
  const uint64_t sum = checksum.Finish();
  ok = ok && std::fwrite(&sum, 1, sizeof(sum), file) == sizeof(sum);
  ok = ok && std::fflush(file) == 0 && ::fsync(fileno(file)) == 0;
  ok = std::fclose(file) == 0 && ok;
  if (!ok || std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temp.c_str());
    return absl::InternalError(absl::StrCat("checkpoint ", path, ": write failed: ", reason));
  }
  return absl::OkStatus();
}

void ComponentCheckpoint::DropBefore(uint64_t next_distance) const {
  for (uint64_t generation : Generations()) {
    if (generation < next_distance) std::remove(Path(generation).c_str());
  }
}

void ComponentCheckpoint::DropAll() const {
  for (uint64_t generation : Generations()) std::remove(Path(generation).c_str());
}

std::vector<uint64_t> ComponentCheckpoint::Generations() const {
  std::vector<uint64_t> generations;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir_, error)) {
    const std::string file = entry.path().filename().string();
    absl::string_view name = file;
    uint64_t generation = 0;
    if (absl::ConsumePrefix(&name, prefix_) && absl::SimpleAtoi(name, &generation)) {
      generations.push_back(generation);
    }
  }
  std::sort(generations.rbegin(), generations.rend());
  return generations;
}

absl::Status ComponentCheckpoint::Read(uint64_t next_distance, HugeArray<uint32_t>& state) const {
  const std::string path = Path(next_distance);
  auto bad = [&](absl::string_view what) {
    return absl::DataLossError(absl::StrCat("checkpoint ", path, ": ", what));
  };
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("checkpoint ", path, ": missing"));
  StreamChecksum checksum;
  auto get = [&](void* data, size_t size) {
    if (!in.read(static_cast<char*>(data), static_cast<std::streamsize>(size))) return false;
    checksum.Add(static_cast<const uint8_t*>(data), size);
    return true;
  };
  char magic[8];
  uint64_t header[4];
  if (!get(magic, sizeof(magic)) || std::memcmp(magic, kCheckpointMagic, kMagicVersionAt) != 0) {
    return bad("not a lud64 checkpoint");
  }
  if (magic[kMagicVersionAt] != kCheckpointMagic[kMagicVersionAt]) {
    return bad(
        absl::StrCat("version ", absl::CEscape(absl::string_view(magic + kMagicVersionAt, 1)),
                     ", expected ", absl::string_view(kCheckpointMagic + kMagicVersionAt, 1)));
  }
  if (!get(header, sizeof(header))) return bad("truncated header");
  if (header[0] != static_cast<uint64_t>(ranks_) || header[1] != static_cast<uint64_t>(rank_) ||
      header[2] != state.size() || header[3] != next_distance) {
    return bad("made by another job layout (ranks, rank, size or generation differ)");
  }
  constexpr size_t kStep = size_t{1} << 20;
  for (size_t at = 0; at < state.size(); at += kStep) {
    if (!get(&state[at], std::min(kStep, state.size() - at) * sizeof(uint32_t))) {
      return bad("truncated state");
    }
  }
  const uint64_t expected = checksum.Finish();
  uint64_t sum = 0;
  if (!in.read(reinterpret_cast<char*>(&sum), sizeof(sum)) || sum != expected) {
    return bad("checksum mismatch");
  }
  if (in.peek() != std::ifstream::traits_type::eof()) return bad("trailing bytes");
  return absl::OkStatus();
}

CheckpointSchedule::CheckpointSchedule(ComponentCheckpoint files, double interval_seconds,
                                       MpiComm& comm)
    : files_(std::move(files)),
      interval_seconds_(interval_seconds),
      comm_(comm),
      last_(MPI_Wtime()) {}

std::optional<uint64_t> CheckpointSchedule::Resume(HugeArray<uint32_t>& state) {
  const std::vector<uint64_t> mine = files_.Generations();
  if (comm_.MaxU64(mine.empty() ? 1 : 0) != 0) return std::nullopt;
  // The newest generation of the rank furthest behind (the minimum over the
  // ranks, as ~max of ~): the others keep it until every rank has a newer one.
  const uint64_t generation = ~comm_.MaxU64(~mine.front());
  const absl::Status read = comm_.AgreeStatus(files_.Read(generation, state));
  if (read.ok()) return generation;
  // Gone, so that a rerun killed before its own checkpoints pass this
  // generation does not read it again.
  files_.DropAll();
  if (on_unreadable_) on_unreadable_(read);
  state = HugeArray<uint32_t>(state.size());
  return std::nullopt;
}

absl::Status CheckpointSchedule::AtDistanceBoundary(uint64_t next_distance,
                                                    const HugeArray<uint32_t>& state) {
  const bool due = comm_.rank() == 0 && MPI_Wtime() - last_ >= interval_seconds_;
  if (comm_.MaxU64(due ? 1 : 0) == 0) return absl::OkStatus();
  if (absl::Status s = comm_.AgreeStatus(files_.Write(next_distance, state)); !s.ok()) {
    return s;
  }
  // Every rank has the new generation: the older ones can go.
  files_.DropBefore(next_distance);
  last_ = MPI_Wtime();
  ++written_;
  return absl::OkStatus();
}

}  // namespace lud64::tablebase
