/* Nothing to define: LLVMFuzzerRunDriver comes from the libFuzzer runtime. */
#include "CLibFuzzer.h"
