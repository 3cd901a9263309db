export * from './otp-input';
