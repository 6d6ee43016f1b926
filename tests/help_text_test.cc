#include "play/help_text.h"

#include <string>

#include "gtest/gtest.h"
#include "play/engine_options.h"
#include "search/search_settings.h"

namespace lud64 {
namespace {

TEST(HelpText, WrapsWordsWithinTheWidth) {
  EXPECT_EQ(WrappedText("one two three four", 9, "  "), "  one two\n  three\n  four\n");
  EXPECT_EQ(WrappedText("a  b", 80, ""), "a b\n");  // runs of spaces are one
  EXPECT_EQ(WrappedText("", 80, "  "), "");
  // A word longer than the width has a line of its own, never split.
  EXPECT_EQ(WrappedText("x abcdefghij y", 6, ""), "x\nabcdefghij\ny\n");
}

TEST(HelpText, EvaluationHelpNamesEveryEvaluation) {
  // Every front-end's help says what each name means from this one text.
  const std::string help = kEvaluationHelp;
  for (const NamedValue<Evaluation>& entry : kEvaluationNames) {
    EXPECT_NE(help.find(std::string(entry.name) +
                        (entry.value == kDefaultEvaluation ? " (the default):" : ":")),
              std::string::npos)
        << entry.name;
  }
  const std::string wrapped = WrappedText(help, 84, "  ");
  for (size_t start = 0, end; (end = wrapped.find('\n', start)) != std::string::npos;
       start = end + 1)
    EXPECT_LE(end - start, 84u);
}

TEST(HelpText, EvaluationFileHelpNamesTheEvaluationsThatTakeAFile) {
  // A weight file replaces a network: every evaluation but the classic one has one.
  const std::string help = kEvaluationFileHelp;
  for (const NamedValue<Evaluation>& entry : kEvaluationNames) {
    EXPECT_EQ(help.find(entry.name) != std::string::npos, entry.value != Evaluation::kClassic)
        << entry.name;
  }
}

}  // namespace
}  // namespace lud64
