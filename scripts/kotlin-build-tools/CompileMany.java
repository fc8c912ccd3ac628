import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jetbrains.kotlin.cli.common.ExitCode;
import org.jetbrains.kotlin.cli.jvm.K2JVMCompiler;

/**
 * Several Kotlin compiles in one JVM, one after another, so the compiler is loaded and warmed up once
 * (measured on 2 cores: about a third less time than a JVM for each compile). Each argument
 * names a file that holds one compile's kotlinc arguments, one a line (blank lines are skipped, no
 * quoting needed). Stops at the first compile that fails and exits with the compiler's code.
 *   java -cp .kotlin/lib/<compiler all-jar>:.kotlin/tools CompileMany main.args test.args
 * scripts/kotlin-env compiles it into .kotlin/tools; scripts/test-kotlin runs it.
 */
public final class CompileMany {
    public static void main(String[] argumentFiles) throws IOException {
        for (String file : argumentFiles) {
            String[] arguments = Files.readAllLines(Path.of(file)).stream()
                    .filter(line -> !line.isBlank())
                    .toArray(String[]::new);
            long started = System.nanoTime();
            ExitCode code = new K2JVMCompiler().exec(System.err, arguments);
            System.out.printf("kotlinc %s: %s in %.1f s%n",
                    Path.of(file).getFileName(), code, (System.nanoTime() - started) / 1e9);
            if (code != ExitCode.OK) {
                System.exit(code.getCode() == 0 ? 1 : code.getCode());
            }
        }
        System.exit(0);
    }
}
