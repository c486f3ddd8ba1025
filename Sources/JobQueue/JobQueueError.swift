import Postgres

/// Why a queue operation failed. `code` is stable; `description` holds no
/// job arguments or statement text.
public enum JobQueueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `NewJob` field is out of range; the reason names the field.
    case invalidJob(String)
    /// No job has this id.
    case notFound(id: Int64)
    /// The job is in a state the operation does not apply to (for example
    /// retrying a completed job, or cancelling a discarded one).
    case wrongState(id: Int64, state: JobState, operation: String)
    /// The database failed.
    case database(PostgresError)

    /// A stable machine-readable code.
    public var code: String {
        switch self {
        case .invalidJob: "invalid_job"
        case .notFound: "job_not_found"
        case .wrongState: "job_wrong_state"
        case .database(let error): error.code.rawValue
        }
    }

    /// A human sentence.
    public var message: String {
        switch self {
        case .invalidJob(let reason): "invalid job: \(reason)"
        case .notFound(let id): "no job has id \(id)"
        case .wrongState(let id, let state, let operation): "job \(id) is \(state.rawValue) and can't be \(operation)"
        case .database(let error): error.message
        }
    }

    public var description: String { "\(code): \(message)" }

    /// Runs `body`, wrapping database errors.
    public static func wrapping<T>(_ body: () throws(PostgresError) -> T) throws(JobQueueError) -> T {
        do { return try body() } catch { throw .database(error) }
    }
}
