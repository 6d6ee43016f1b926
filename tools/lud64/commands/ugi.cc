// `lud64 ugi`: the UGI protocol on stdin/stdout (tools/lud64/ugi/).
#include <iostream>
#include <string>

#include "absl/flags/flag.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/common_flags.h"
#include "tools/lud64/ugi/ugi_session.h"

namespace lud64 {
namespace {

int RunUgiCommand(const std::string&) {
  absl::StatusOr<std::unique_ptr<UgiSession>> session =
      UgiSession::Create(absl::GetFlag(FLAGS_game), [](const std::string& line) {
        std::cout << line << "\n" << std::flush;
      });
  if (!session.ok()) return Fail(session.status());
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!(*session)->Handle(line)) return 0;
  }
  (*session)->Quit();  // the end of the input is a quit
  return 0;
}

}  // namespace

extern const Command kUgiCommand;
const Command kUgiCommand = {
    "ugi",
    "lud64 ugi [--game=G]",
    "Speak the UGI protocol (UCI for any game, as match runners such as cutegames use)\n"
    "  on stdin and stdout: ugi, isready, setoption (game, engine, hash, threads, tb),\n"
    "  uginewgame, position startpos|fen <position> [moves ...], go [p1time p2time p1inc\n"
    "  p2inc movetime (ms) depth nodes infinite], stop, query gameover|p1turn|result and\n"
    "  the extensions query legal|position|game, quit. Bad input gets 'info string error:'\n"
    "  and changes nothing; the end of the input quits. See tools/lud64/ugi/README.md.\n"
    "  The end of the input stops a running search, like quit.\n"
    "  example: (printf 'position startpos\\ngo depth 6\\n'; sleep 1) | lud64 ugi --game=damdaman",
    {"game"},
    RunUgiCommand};

}  // namespace lud64
