// Files of training samples (network/training.h): "LUD64SMP", a format
// version (uint32, 2), the sample count (uint64), each sample's two views (16
// bytes each) and its target (float), then Checksum64 (engine/checksum.h) of
// the samples' bytes (uint64), little-endian. Version 1 files, the same
// without the checksum, are still read.
#ifndef LUD64_TOOLS_TRAIN_SAMPLE_FILE_H_
#define LUD64_TOOLS_TRAIN_SAMPLE_FILE_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "network/training.h"

namespace lud64 {

absl::Status WriteSamples(const std::string& path, const std::vector<TrainingSample>& samples);
// Appends the samples of `path` to `samples`.
absl::Status ReadSamples(const std::string& path, std::vector<TrainingSample>& samples);

}  // namespace lud64

#endif  // LUD64_TOOLS_TRAIN_SAMPLE_FILE_H_
