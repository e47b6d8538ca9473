import axios from 'axios';

function Injectable(): ClassDecorator {
  return () => undefined;
}
function Inject(_token: string): ParameterDecorator {
  return () => undefined;
}
function Log(): MethodDecorator {
  return () => undefined;
}

// A NestJS-style service: TypeScript's experimental decorators on the class, a constructor parameter and a method.
@Injectable()
export class JourneyStateService {
  constructor(@Inject('JOURNEY_HOST') private readonly host: string) {}

  @Log()
  async failed(instanceId: string): Promise<boolean> {
    const { data } = await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/state/fetch', { instanceId });
    return data.status === 'Failed';
  }
}
